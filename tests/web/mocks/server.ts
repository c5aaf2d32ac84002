import { setupServer } from 'msw/node'
import { authHandlers } from './handlers/auth'
import { accountsHandlers } from './handlers/accounts'
import { bandsHandlers } from './handlers/bands'
import { dashboardHandlers } from './handlers/dashboard'
import { peopleHandlers } from './handlers/people'

export const server = setupServer(...authHandlers, ...accountsHandlers, ...dashboardHandlers, ...peopleHandlers, ...bandsHandlers)

import { setupServer } from 'msw/node'
import { authHandlers } from './handlers/auth'
import { dashboardHandlers } from './handlers/dashboard'

export const server = setupServer(...authHandlers, ...dashboardHandlers)

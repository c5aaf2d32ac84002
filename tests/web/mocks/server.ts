import { setupServer } from 'msw/node'
import { authHandlers } from './handlers/auth'
import { accountsHandlers } from './handlers/accounts'
import { bandsHandlers } from './handlers/bands'
import { dashboardHandlers } from './handlers/dashboard'
import { peopleHandlers } from './handlers/people'
import { bookingsHandlers } from './handlers/bookings'
import { roomScheduleHandlers } from './handlers/room-schedule'
import { livesHandlers } from './handlers/lives'
import { allocationHandlers } from './handlers/allocation'
import { noticesHandlers } from './handlers/notices'
import { clubInfoHandler } from './handlers/club'

export const server = setupServer(
  ...authHandlers, ...accountsHandlers, ...dashboardHandlers, ...peopleHandlers, ...bandsHandlers,
  ...bookingsHandlers,
  ...roomScheduleHandlers,
  ...livesHandlers,
  ...allocationHandlers,
  ...noticesHandlers,
  clubInfoHandler,
)

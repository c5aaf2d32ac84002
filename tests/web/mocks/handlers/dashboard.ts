import { http, HttpResponse } from 'msw'

export const dashboardHandlers = [http.get('/api/health', () => HttpResponse.json({ status: 'ok', database: 'up' }))]

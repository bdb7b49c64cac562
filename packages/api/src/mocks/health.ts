import { jsonResponse, type MockOptions, mockOperation, type ResponseBody } from './contract';

/**
 * GET /healthz and GET /readyz, as a healthy server answers them. The portal never calls them
 * (they are for load balancers); they are here so that every operation of the contract has a mock.
 * POST /client-reports (the portal's browser errors and Web Vitals, sent by sendBeacon) is taken
 * and counted nowhere.
 */
export function createHealthHandlers(options: MockOptions = {}) {
  return [
    mockOperation(options, 'GET /healthz', () =>
      jsonResponse<ResponseBody<'/healthz', 'get'>>({ status: 'ok' }),
    ),
    mockOperation(options, 'GET /readyz', () =>
      jsonResponse<ResponseBody<'/readyz', 'get'>>({ status: 'ready', migrations: 3 }),
    ),
    mockOperation(options, 'POST /client-reports', () => new Response(null, { status: 204 })),
  ];
}

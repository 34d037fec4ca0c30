import { startTestApi, type TestApi } from '@paysight/testkit/api';

/** A test API for the enclosing describe (started before its tests, closed after), and a JSON POST to it without payment. */
export function useUnpaidPosts(): { api: () => TestApi; post: (path: string, body: unknown) => Promise<Response> } {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());
  return {
    api: () => api,
    post: (path, body) => fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}

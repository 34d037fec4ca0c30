// Library tests use @paysight/testkit and must not load an app: only @paysight/testkit/api may
// start (and so load) the API.
beforeEach(() => {
  jest.resetModules();
  jest.doMock('@paysight/api', () => {
    throw new Error('@paysight/api was loaded');
  });
});

it('@paysight/testkit loads no app', async () => {
  const testkit = await import('@paysight/testkit');
  expect(typeof testkit.toolPorts).toBe('function');
  expect(typeof testkit.payingFetch).toBe('function');
  expect('startTestApi' in testkit).toBe(false);
});

it('@paysight/testkit/api loads the API (the guard above is real)', async () => {
  await expect(import('@paysight/testkit/api')).rejects.toThrow('@paysight/api was loaded');
});

// Layer (a) must stay usable where no app may be loaded (the jest global set-up, library tests
// through @paysight/testkit): the services entry must not load @paysight/api, the API entry must.
beforeEach(() => {
  jest.resetModules();
  jest.doMock('@paysight/api', () => {
    throw new Error('@paysight/api was loaded');
  });
});

it('@paysight/stack (the local services and the devnet file) does not load @paysight/api', async () => {
  const stack = await import('@paysight/stack');
  expect(typeof stack.startLocalServices).toBe('function');
  expect(typeof stack.readDevnetFile).toBe('function');
});

it('@paysight/stack/api does (the guard above is real)', async () => {
  await expect(import('@paysight/stack/api')).rejects.toThrow('@paysight/api was loaded');
});

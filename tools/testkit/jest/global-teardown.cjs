module.exports = async function globalTeardown() {
  await globalThis.__PAYSIGHT_TEST_TEARDOWN__?.();
};

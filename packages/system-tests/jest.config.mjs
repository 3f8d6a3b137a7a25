import base from "../../jest.config.base.mjs";
// The services start as processes (a few seconds each) and a case waits for broadcasts paced at BROADCAST_RATE.
export default { ...base, testTimeout: 120_000 };

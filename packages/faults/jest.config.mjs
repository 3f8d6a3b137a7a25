import base from "../../jest.config.base.mjs";
// Services start as processes and servers restart: a case takes tens of seconds.
export default { ...base, testTimeout: 120_000 };

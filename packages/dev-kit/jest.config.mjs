import base from "../../jest.config.base.mjs";
export default { ...base };

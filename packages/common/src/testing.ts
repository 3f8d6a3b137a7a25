// Temporary: the test helpers moved to @botyard/testing (this shim goes in the next commit).
export * from "../../testing/src/index.js";

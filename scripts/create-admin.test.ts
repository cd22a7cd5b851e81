import { describe, expect, it } from "vitest";
import { parseCreateAdminArgs } from "./create-admin-args";

describe("create-admin arguments", () => {
  it("reads --email, --password and --super", () => {
    expect(parseCreateAdminArgs(["--email", "a@b.ng", "--password", "secret1", "--super"])).toEqual(
      {
        email: "a@b.ng",
        password: "secret1",
        superAdmin: true,
      },
    );
  });

  it("refuses a missing or short password, a bad e-mail and unknown arguments", () => {
    expect(() => parseCreateAdminArgs(["--email", "a@b.ng"])).toThrow(/password/);
    expect(() => parseCreateAdminArgs(["--email", "a@b.ng", "--password", "12345"])).toThrow(
      /at least 6/,
    );
    expect(() => parseCreateAdminArgs(["--email", "nope", "--password", "secret1"])).toThrow(
      /e-mail/,
    );
    expect(() => parseCreateAdminArgs(["--force"])).toThrow(/Unknown argument/);
  });
});

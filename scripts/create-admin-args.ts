import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "~/lib/schemas/account";

/** The arguments of `npm run create-admin`; throws a message for the console when they are wrong. */
export function parseCreateAdminArgs(args: string[]) {
  const options: { email?: string; password?: string; superAdmin: boolean } = { superAdmin: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--super") options.superAdmin = true;
    else if (arg === "--email" || arg === "--password") {
      const value = args[++i];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      if (arg === "--email") options.email = value;
      else options.password = value;
    } else throw new Error(`Unknown argument: ${arg}`);
  }
  const parsed = z
    .object({
      email: z.email("--email must be an e-mail address"),
      password: z
        .string("--password is required")
        .min(MIN_PASSWORD_LENGTH, `--password must be at least ${MIN_PASSWORD_LENGTH} characters`),
      superAdmin: z.boolean(),
    })
    .safeParse(options);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join("; "));
  return parsed.data;
}

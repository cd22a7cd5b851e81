import { data } from "react-router";
import { logger } from "~/log/logger.server";

/**
 * An admin screen's reads. A failure is logged ("Could not load <what>") and answered 500 with
 * the screen's own message, which its error boundary shows instead of the page.
 */
export async function loadOrFail<T>(what: string, message: string, read: () => Promise<T>) {
  try {
    return await read();
  } catch (error) {
    logger.error({ err: error }, `Could not load ${what}`);
    throw data(message, { status: 500 });
  }
}

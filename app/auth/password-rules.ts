/** The spec's minimum; better-auth is configured with the same number. */
export const MIN_PASSWORD_LENGTH = 6;

/**
 * The name of the hidden field on public forms. People never see it and leave it empty; form-filling
 * bots fill every input, and a name that looks like a real field ("website") tempts them.
 */
export const HONEYPOT_FIELD = "website_url";

import { isIP } from "node:net";

/**
 * What a rate limit, and a listing's view and lead counts, take as one client: an IPv4
 * address, or the /64 network of an IPv6 one ("2001:db8:1:2::/64"). One home or phone gets a whole /64 and picks a new address in it at
 * will, so counting single IPv6 addresses would let it start over with every request. Anything
 * that is not an IP address (an e-mail) is answered unchanged.
 */
export function addressGroup(value: string): string {
  if (isIP(value) !== 6) return value;
  const groups = expandIPv6(value);
  if (!groups) return value;
  const prefix = groups.slice(0, 4).map((group) => group.toString(16));
  return `${prefix.join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address ("::1", "2001:db8::1", "::ffff:1.2.3.4"). */
function expandIPv6(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, "");
  // An IPv4 tail ("::ffff:1.2.3.4") becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return undefined;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right];
  const numbers = groups.map((group) => Number.parseInt(group, 16));
  return numbers.length === 8 && numbers.every((n) => n >= 0 && n <= 0xffff) ? numbers : undefined;
}

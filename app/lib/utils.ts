import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. Deliberately without tailwind-merge (10 KB gzipped on every page of a site
 * visited on slow mobile data): callers must not pass two classes that set the same property.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}

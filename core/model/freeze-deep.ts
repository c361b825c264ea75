/**
 * Freezes a plain value and everything it holds (objects and arrays), so that no later code can change it in place.
 * Published reviews are frozen: a review's digest (`reviewDigest`) is computed once per object and keys the analysis
 * cache and page reuse, so a review changed in place would otherwise keep a digest that no longer describes it.
 */
export function freezeDeep<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) freezeDeep(inner);
  return value;
}

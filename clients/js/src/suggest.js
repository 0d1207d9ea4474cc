// Naming a mistyped key: the known keys and the closest one, so a TypeError says what was meant.

/** Levenshtein distance between `a` and `b` (case-sensitive). */
export function editDistance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}

/** The known key closest to `key`: the smallest edit distance (ignoring case), ties to the earlier one. */
export function closestKey(key, known) {
  let best;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) { best = candidate; bestDistance = distance; }
  }
  return best;
}

/**
 * The message of an unknown key: `unknown key 'trailling' (known: leading, trailing,
 * allowsFullSwipe; closest: 'trailing')`.
 */
export function unknownKeyMessage(key, known, what = 'key') {
  const closest = closestKey(key, known);
  const list = known.length > 0 ? known.join(', ') : 'none';
  return `unknown ${what} '${key}' (known: ${list}${closest === undefined ? '' : `; closest: '${closest}'`})`;
}

/** Throws a TypeError `${where}: unknown key ...` for the first own key of `object` not in `known`. */
export function refuseUnknownKeys(where, object, known, what = 'key') {
  for (const key of Object.keys(object)) {
    if (!known.includes(key)) {
      const error = new TypeError(`${where}: ${unknownKeyMessage(key, known, what)}`);
      error.key = key;
      error.known = [...known];
      error.suggestion = closestKey(key, known);
      throw error;
    }
  }
}

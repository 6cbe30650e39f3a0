/** Search normalisation shared by the API (search items) and the web (highlighting). */

/** Lower case, accents removed: "Ação" -> "acao". */
export function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** What separates words: anything but letters, digits and the joiners below. */
const SEPARATORS = /[^\p{L}\p{N}@._-]+/u;
/** What joins the parts of one word as written ("auth.login", "São-José", "aviso_entrega", an e-mail). */
const JOINERS = /[@._-]+/;

/** A text's words as written, folded, joiners at either end dropped, in order, once each. */
function tokens(value: string | null | undefined): string[] {
  if (!value) return [];
  const out: string[] = [];
  for (const word of fold(value).split(SEPARATORS)) {
    const trimmed = word.replace(/^[._-]+|[._-]+$/g, '');
    if (trimmed && !out.includes(trimmed)) out.push(trimmed);
  }
  return out;
}

/**
 * The distinct words a stored text is searched by, folded: each word as written ("auth.login"),
 * then, for a word joined by dots, dashes, underscores or @, what follows each joint ("login";
 * "exemplo.com.br", "com.br", "br" for "ana@exemplo.com.br"). A term begins one of them when it is
 * the word as shown, any of its parts, or any run of them ("exemplo.com"). A search reads its query
 * with `searchTerms`, the same split.
 */
export function words(value: string | null | undefined): string[] {
  const whole = tokens(value);
  const out = [...whole];
  for (const word of whole) {
    for (const joint of word.matchAll(new RegExp(JOINERS.source, 'g'))) {
      const rest = word.slice(joint.index + joint[0].length);
      if (rest && !out.includes(rest)) out.push(rest);
    }
  }
  return out;
}

/**
 * The terms a search text is searched by (each must begin one of the record's `words`): split as
 * `words` splits a stored text, each word kept whole ("auth.login" finds the entries shown with it;
 * "auth login" finds them too, and whatever holds both words).
 */
export function searchTerms(value: string | null | undefined): string[] {
  return tokens(value);
}

/** Document numbers (CPF, CNPJ, the alphanumeric CNPJ) as searched: [0-9A-Z] only. */
export function documentKey(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** Phone numbers as searched: digits only. */
export function digits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

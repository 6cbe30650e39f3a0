/**
 * Keyed texts (docs/texts.md). Every message and label the API or the shared schemas produce is a
 * key with parameters; its Portuguese wording is a template here, in the catalogue that defines the
 * key, and the web's other languages carry the same key in `web/src/locales/<lang>/messages.json`.
 * The API answers the Portuguese text (the spec's texts verbatim) together with the key and the
 * parameters, so a client renders its own language from the key, never from the Portuguese text.
 *
 * Templates use i18next's interpolation (`{{name}}`), so the web reads the Portuguese catalogue as
 * it is.
 */

export type TextParams = Record<string, string | number>;

/** A key and its parameters: what a client translates. */
export interface Text {
  key: string;
  params?: TextParams;
}

/** A text with its Portuguese wording (what the API puts in `message`). */
export interface Said extends Text {
  message: string;
}

type ParamsOf<S extends string> = S extends `${string}{{${infer P}}}${infer R}` ? P | ParamsOf<R> : never;
type Factory<S extends string> = [ParamsOf<S>] extends [never] ? () => Said : (params: Record<ParamsOf<S>, string | number>) => Said;
export type Texts<T extends Record<string, string>> = { readonly [K in keyof T]: Factory<T[K]> };

/** A field's message as the API answers it: the Portuguese `message` and, when keyed, its key and parameters. */
export interface FieldIssue {
  field: string;
  message: string;
  key?: string;
  params?: TextParams;
}

/** A catalogue as a flat map of full keys to Portuguese templates. */
export type Templates = Readonly<Record<string, string>>;

const TEMPLATES = Symbol('templates');

export function interpolate(template: string, params?: TextParams): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
}

/** Renders a key whose template is `template`: the Portuguese wording of one text. */
export function say(key: string, template: string, params?: TextParams): Said {
  return { key, ...(params && Object.keys(params).length ? { params } : {}), message: interpolate(template, params) };
}

/**
 * A namespace of texts: `defineTexts('clients', { phone: '…' }).phone()` is
 * `{ key: 'clients.phone', message: '…' }`; a template with `{{name}}` takes `{ name }`.
 */
export function defineTexts<const T extends Record<string, string>>(namespace: string, templates: T): Texts<T> {
  const factories: Record<string, (params?: TextParams) => Said> = {};
  const flat: Record<string, string> = {};
  for (const [name, template] of Object.entries(templates)) {
    const key = `${namespace}.${name}`;
    flat[key] = template;
    factories[name] = (params?: TextParams) => say(key, template, params);
  }
  Object.defineProperty(factories, TEMPLATES, { value: flat, enumerable: false });
  return factories as unknown as Texts<T>;
}

/** The flat key → Portuguese template map of a catalogue made by `defineTexts`. */
export function templatesOf(texts: object): Templates {
  const flat = (texts as { [TEMPLATES]?: Templates })[TEMPLATES];
  if (!flat) throw new Error('Not a catalogue made by defineTexts');
  return flat;
}

/** The Portuguese strings of a catalogue's texts without parameters (the older `XMessages.name` form). */
export function plain<T extends Record<string, string>, K extends keyof T>(texts: Texts<T>, names: readonly K[]): { readonly [N in K]: string } {
  return Object.fromEntries(names.map((n) => [n, (texts[n] as () => Said)().message])) as { [N in K]: string };
}

/**
 * A text whose parameters are themselves keyed texts (a status's name): each such parameter is
 * given as its Portuguese wording (`name`, what `message` reads) and travels with its key too
 * (`nameKey`), which a client renders in its own language (docs/texts.md; the field labels'
 * `labelKey` is the same convention). `keys` names each such parameter's key.
 */
export function withKeys(said: Said, keys: Record<string, string>): Said {
  const params: TextParams = { ...said.params };
  for (const [name, key] of Object.entries(keys)) params[`${name}Key`] = key;
  return { ...said, params };
}

/** The key and parameters of a text, without its Portuguese wording. */
export function textOnly(said: Said): Text {
  return said.params ? { key: said.key, params: said.params } : { key: said.key };
}

/**
 * Several reasons as one (an import line's): the Portuguese wordings joined by a space, and the key
 * and parameters of each when every part is keyed (a plain string has no key: then only `reason`).
 */
export function reasonOf(parts: readonly (Said | string)[]): { reason: string; texts?: Text[] } {
  const reason = parts.map((p) => (typeof p === 'string' ? p : p.message)).join(' ');
  if (parts.length === 0 || parts.some((p) => typeof p === 'string')) return { reason };
  return { reason, texts: (parts as Said[]).map(textOnly) };
}

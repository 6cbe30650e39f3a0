import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * The app taking over a page prerendered when it was built (web/scripts/prerender.ts): the markup
 * stays on screen until the app's first commit replaces it. While it is there (the first render),
 * the page's form reads what the visitor did in it; then `prerenderDone` removes its marks. A
 * prerender marked unusable (a session, another language, a notice: web/index.html) gives nothing.
 */

/** What the visitor did in the prerendered form before the app started. */
export interface PrerenderedForm {
  /** Each named input's value, by name. */
  values: Record<string, string>;
  /** The name of the input that had the focus. */
  focused: string | null;
  /** The form was sent (and held: web/index.html); the app sends it again. */
  submitted: boolean;
}

function usableRoot(): HTMLElement | null {
  if (typeof document === 'undefined' || document.documentElement.getAttribute('data-prerender') === 'off') return null;
  return document.querySelector<HTMLElement>('#root[data-prerendered]');
}

/** A prerendered page is on screen, for this visit. */
export function prerenderShown(): boolean {
  return usableRoot() !== null;
}

/** The markup's form as read now. */
function readForm(root: HTMLElement, form: HTMLFormElement): PrerenderedForm {
  const values: Record<string, string> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name]')) values[input.name] = input.value;
  const active = document.activeElement;
  return { values, focused: active instanceof HTMLInputElement && form.contains(active) ? active.name : null, submitted: root.hasAttribute('data-submitted') };
}

/**
 * What the visitor did in the markup's form, followed from the app's start (`followPrerenderedForm`)
 * until its page takes it over: the markup can go at a commit before the page that reads it draws
 * (its route's code still arriving), and nothing typed before then is lost.
 */
let followed: PrerenderedForm | null = null;

/** Called once as the app starts: the markup's form followed (its typing, its focus, a sending held) until `forgetPrerenderedForm`. */
export function followPrerenderedForm(): void {
  const root = usableRoot();
  const form = root?.querySelector('form');
  if (!root || !form) return;
  const kept = readForm(root, form);
  followed = kept;
  form.addEventListener('input', (e) => {
    const input = e.target as HTMLInputElement;
    if (input.name) kept.values[input.name] = input.value;
  });
  form.addEventListener('focusin', (e) => {
    const input = e.target as HTMLInputElement;
    kept.focused = input.name || null;
  });
  form.addEventListener('submit', () => (kept.submitted = true));
}

/** The prerendered page's form as the visitor left it (read live while the markup is there, else as followed); null without one, or once taken over. */
export function prerenderedForm(): PrerenderedForm | null {
  const root = usableRoot();
  const form = root?.querySelector('form');
  if (root && form) return readForm(root, form);
  return followed;
}

/** The page took the form over (its values, its focus, its sending): a later visit to it starts empty. */
export function forgetPrerenderedForm(): void {
  followed = null;
}

/**
 * A login page's takeover of its prerendered form: what was typed there, read at its first render
 * (`early`), and, once its own form (`form`) is drawn, what was typed in the markup after that
 * render and before the commit that replaced it (a render can precede its commit by a while: the
 * start's tasks yield) typed into its inputs as the visitor would (their own input events, so the
 * page's state follows), the focus given back and a sending held sent again, once, with those
 * values; then the followed form is forgotten.
 */
export function usePrerenderedForm(): { early: PrerenderedForm | null; form: RefObject<HTMLFormElement | null> } {
  const [early] = useState(prerenderedForm);
  const form = useRef<HTMLFormElement>(null);
  const tookOver = useRef(false);
  useEffect(() => {
    if (!early || tookOver.current) return;
    tookOver.current = true;
    // The markup as the visitor left it when it went (followed since the app's start).
    const last = prerenderedForm() ?? early;
    forgetPrerenderedForm();
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    for (const [name, value] of Object.entries(last.values)) {
      const input = form.current?.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
      if (!input || !setValue || value === (early.values[name] ?? '') || input.value === value) continue;
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const focused = last.focused ?? early.focused;
    if (focused) form.current?.querySelector<HTMLInputElement>(`input[name="${CSS.escape(focused)}"]`)?.focus();
    if (last.submitted || early.submitted) form.current?.requestSubmit();
  }, [early]);
  return { early, form };
}

/**
 * After the app's first commit: the prerendered markup is gone, and so are its marks. A button of
 * the markup pressed before (held by web/index.html: the menu, the search, the theme) is pressed
 * again, the app's own, once the page is drawn.
 */
export function prerenderDone(): void {
  const root = document.getElementById('root');
  const pressed = root?.getAttribute('data-shell-pressed');
  root?.removeAttribute('data-prerendered');
  root?.removeAttribute('data-submitted');
  root?.removeAttribute('data-shell-pressed');
  document.documentElement.removeAttribute('data-prerender');
  if (pressed) pressOnceDrawn(`[data-shell-action="${CSS.escape(pressed)}"]`);
}

/** Presses the app's button once a frame shows it (the layout's parts may commit after the page's first): for about two seconds. */
function pressOnceDrawn(selector: string, frames = 120): void {
  const button = document.querySelector<HTMLElement>(`#root ${selector}`);
  if (button) button.click();
  else if (frames > 0) requestAnimationFrame(() => pressOnceDrawn(selector, frames - 1));
}

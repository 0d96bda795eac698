import type { FormInstance } from 'antd';
import type { LoginValues } from './LoginForm';

/** Marks the sign-in form drawn at build time (src/prerender) in #root, to tell it from the app's own. */
export const DRAWN_ATTRIBUTE = 'data-prerendered';

const FIELDS = ['username', 'password', 'remember'] as const;
type Field = (typeof FIELDS)[number];

/**
 * What the sign-in form drawn at build time held when the app took it over: its values (it starts as the app's
 * form does, so they are the form's own plus what the visitor typed), the field that had the focus with its
 * selection, whether it was submitted meanwhile (the drawn form holds a submit back), and whether its submit
 * button was being pressed as the app took over.
 */
export interface DrawnEntry {
  values: LoginValues;
  focus: { name: Field; start: number | null; end: number | null } | null;
  submitted: boolean;
  pressed: boolean;
}

/**
 * The drawn form's entry, read during the app's first render: the drawing is still in #root then, and React
 * replaces it when that render commits, in the same task, so nothing typed can fall in between. Null when the
 * form on the page is the app's own (any later visit to it) or nothing was drawn.
 */
export function readDrawnEntry(): DrawnEntry | null {
  if (typeof document === 'undefined') return null; // the build drawing the form itself
  const form = document.querySelector(`#root > [${DRAWN_ATTRIBUTE}] form`);
  const inputs = FIELDS.map((name) => form?.querySelector<HTMLInputElement>(`#${name}`));
  const [username, password, remember] = inputs;
  if (!form || !username || !password || !remember) return null;
  const focused = inputs.find((input) => input && input === document.activeElement);
  return {
    values: { username: username.value, password: password.value, remember: remember.checked },
    // a checkbox has no selection: null
    focus: focused ? { name: focused.id as Field, start: focused.selectionStart, end: focused.selectionEnd } : null,
    submitted: form.hasAttribute('data-submitted'),
    pressed: form.hasAttribute('data-pressed'),
  };
}

/**
 * Once the app's form is in place (a layout effect, before the next paint): the focus and selection back where
 * they were, a submit the drawn form held back made now, and a press begun on the drawn submit button finished
 * on the app's.
 */
export function resumeDrawnEntry(entry: DrawnEntry, form: FormInstance<LoginValues>): void {
  if (entry.focus) {
    const { name, start, end } = entry.focus;
    const field = document.querySelector<HTMLInputElement>(`[data-testid="login-form"] #${name}`);
    field?.focus();
    if (start !== null && end !== null) field?.setSelectionRange(start, end);
  }
  if (entry.submitted) form.submit();
  else if (entry.pressed) finishPress(form);
}

/**
 * A press on the drawn submit button, released on the app's: the browser clicks neither (a click needs the press
 * and the release on one element, and the drawn one is gone), so the release on the button submits, as the click
 * would have. Should the browser click after all, that click submits and the release does nothing more.
 */
function finishPress(form: FormInstance<LoginValues>): void {
  const button = document.querySelector('[data-testid="login-form"] button[type="submit"]');
  if (!button) return;
  let clicked = false;
  const click = () => {
    clicked = true;
  };
  const lift = (event: Event) => {
    document.removeEventListener('pointerup', lift, true);
    document.removeEventListener('pointercancel', lift, true);
    const onButton = event.type === 'pointerup' && event.target instanceof Node && button.contains(event.target);
    // The click, if any, comes in the same turn as the release: looked at once it has had its turn.
    if (onButton)
      setTimeout(() => {
        button.removeEventListener('click', click, true);
        if (!clicked) form.submit();
      });
    else button.removeEventListener('click', click, true);
  };
  button.addEventListener('click', click, true);
  document.addEventListener('pointerup', lift, true);
  document.addEventListener('pointercancel', lift, true);
}

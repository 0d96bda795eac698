import postcss from 'postcss';

/** Groups a selector can match without: `:not(…)`, `:has(…)`, and `:is(…)` / `:where(…)` with alternatives. */
const OPTIONAL_GROUP = /^:(not|has)\(|^:(is|where)\([^()]*,/;

/** The class names an element must have for `selector` to match it (those of optional groups left out). */
export function requiredClasses(selector: string): string[] {
  let plain = '';
  for (let at = 0; at < selector.length; at++) {
    if (OPTIONAL_GROUP.test(selector.slice(at))) {
      // on to the group's closing parenthesis
      let depth = 0;
      for (; at < selector.length; at++) {
        if (selector[at] === '(') depth++;
        else if (selector[at] === ')' && --depth === 0) break;
      }
      continue;
    }
    plain += selector[at];
  }
  return [...plain.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] as string);
}

/** The class names of the elements of `markup`. */
export function classesOf(markup: string): Set<string> {
  return new Set([...markup.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => (match[1] as string).split(/\s+/)));
}

const isKeyframe = (rule: postcss.Rule) =>
  rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name);

/** The custom properties `value` reads. */
const readsOf = (value: string) => [...value.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1] as string);

/** Leaves out the custom properties (antd's theme tokens) that no declaration reads, directly or through another. */
function dropUnreadProperties(root: postcss.Root): void {
  const read = new Set<string>();
  root.walkDecls((decl) => {
    if (!decl.prop.startsWith('--')) for (const name of readsOf(decl.value)) read.add(name);
  });
  for (let grew = true; grew; ) {
    grew = false;
    root.walkDecls((decl) => {
      if (!decl.prop.startsWith('--') || !read.has(decl.prop)) return;
      for (const name of readsOf(decl.value)) {
        if (read.has(name)) continue;
        read.add(name);
        grew = true;
      }
    });
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !read.has(decl.prop)) decl.remove();
  });
}

/** Leaves out the rules with an identical copy later in the sheet (antd registers a few twice): the later decides. */
function dropEarlierCopies(root: postcss.Root): void {
  const later = new Set<string>();
  for (const node of [...root.nodes].reverse()) {
    const text = node.toString();
    if (later.has(text)) node.remove();
    else later.add(text);
  }
}

/**
 * The rules of `css` that can apply to a page whose elements have no class names but `classes`: a selector
 * naming any other class is left out (in any state: hover and focus rules of the classes present stay), and so
 * are the custom properties no rule left reads, rules and at-rules (@media) left empty, and copies. Keyframes
 * stay.
 */
export function usedStyles(css: string, classes: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (isKeyframe(rule)) return;
    const used = rule.selectors.filter((selector) => requiredClasses(selector).every((name) => classes.has(name)));
    if (used.length === 0) rule.remove();
    else if (used.length < rule.selectors.length) rule.selectors = used;
  });
  dropEarlierCopies(root);
  dropUnreadProperties(root);
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

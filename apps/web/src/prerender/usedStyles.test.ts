import { describe, expect, it } from 'vitest';
import { classesOf, requiredClasses, usedStyles } from './usedStyles';

describe('the styles a drawn page can use', () => {
  it('a selector needs its classes, not those of what it excludes or of one alternative among several', () => {
    expect(requiredClasses(':where(.css-a).ant-btn:not(.ant-btn-disabled):hover .anticon')).toEqual([
      'css-a',
      'ant-btn',
      'anticon',
    ]);
    expect(requiredClasses(':is(.ant-input, .ant-select) > span')).toEqual([]);
    expect(requiredClasses('a:where(.css-a)[href^="x"]::after')).toEqual(['css-a']);
  });

  it('reads the class names of markup', () => {
    expect([...classesOf('<div class="a b"><span class="c"></span><i data-class="d"></i></div>')]).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('keeps the rules of classes present, in any state, and the custom properties they read, through others', () => {
    const css =
      '.b{color:red}' +
      '.t{--used:var(--base);--base:1px;--unused:2px}' +
      '.b:hover{margin:var(--used)}.b,.gone{color:red}.gone{color:blue}' +
      '@media (max-width:575px){.gone{display:none}.b{display:block}}@media print{.gone{display:none}}' +
      '@keyframes spin{to{transform:rotate(360deg)}}';
    // the first `.b{color:red}` is left out: an identical rule comes later
    expect(usedStyles(css, new Set(['t', 'b']))).toBe(
      '.t{--used:var(--base);--base:1px}' +
        '.b:hover{margin:var(--used)}.b{color:red}' +
        '@media (max-width:575px){.b{display:block}}' +
        '@keyframes spin{to{transform:rotate(360deg)}}',
    );
  });
});

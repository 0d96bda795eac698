import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { blocksOf, safeHref, spansOf } from './markdown';
import { PageText } from './PageText';

/** The markdown of the operator's pages and the help articles, drawn as elements (issue 14). */

const show = (text: string) => {
  renderWithProviders(
    <MemoryRouter>
      <PageText text={text} testId="text" />
    </MemoryRouter>,
  );
  return screen.getByTestId('text');
};

describe('markdown blocks', () => {
  it('reads headings, both kinds of list, fenced code with its blank lines, and paragraphs', () => {
    const blocks = blocksOf(
      '# Title\n\n1. one\n2. two\n\n- a\n* b\n\n```\nline 1\n\nline 3\n```\nSome text\nsame paragraph',
    );
    expect(blocks.map((block) => block.kind)).toEqual(['heading', 'list', 'list', 'code', 'paragraph']);
    expect(blocks[1]).toMatchObject({ ordered: true, start: 1, items: [{ text: 'one' }, { text: 'two' }] });
    expect(blocks[2]).toMatchObject({ ordered: false, items: [{ text: 'a' }, { text: 'b' }] });
    expect(blocks[3]).toMatchObject({ text: 'line 1\n\nline 3' });
    expect(blocks[4]).toMatchObject({ text: 'Some text\nsame paragraph' });
  });

  it('keeps an unclosed fence as code to the end', () => {
    expect(blocksOf('```\n# not a heading')).toMatchObject([{ kind: 'code', text: '# not a heading' }]);
  });
});

describe('inline spans', () => {
  it('reads bold, emphasis, code (literally) and links with formatted text', () => {
    expect(spansOf('a **b** *c* `*d*` [**e**](/x)')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'strong', spans: [{ kind: 'text', text: 'b' }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', spans: [{ kind: 'text', text: 'c' }] },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: '*d*' },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: '/x', spans: [{ kind: 'strong', spans: [{ kind: 'text', text: 'e' }] }] },
    ]);
  });

  it('follows http, https and relative links only', () => {
    expect(['https://a.test/x', 'http://a.test', '/wordView?slug=x', 'wordView?slug=x', '#top'].map(safeHref)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    for (const hostile of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
    ])
      expect(safeHref(hostile)).toBe(false);
  });
});

describe('PageText', () => {
  it('draws the blocks and spans as elements', () => {
    const text = show(
      '## Keys\n\nSend **the key** as `Authorization`, see [the API](/wordView?slug=api) or [docs](https://docs.test/a).\n\n3. third\n4. fourth\n\n```\ncurl -H "x: <b>"\n```',
    );
    expect(within(text).getByRole('heading', { name: 'Keys', level: 3 })).toBeTruthy();
    expect(within(text).getByText('the key').tagName).toBe('STRONG');
    expect(within(text).getByText('Authorization').tagName).toBe('CODE');
    expect(within(text).getByRole('link', { name: 'the API' }).getAttribute('href')).toBe('/wordView?slug=api');
    const external = within(text).getByRole('link', { name: 'docs' });
    expect(external.getAttribute('href')).toBe('https://docs.test/a');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(text.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect(text.querySelector('pre')?.textContent).toBe('curl -H "x: <b>"');
    expect(text.querySelector('b')).toBeNull();
  });

  it('shows a hostile link as its text, with no link and no markup', () => {
    const text = show('Click [here](javascript:alert(document.cookie)) or <img src=x onerror=alert(1)>');
    expect(within(text).queryByRole('link')).toBeNull();
    expect(text.querySelector('[href]')).toBeNull();
    expect(text.querySelector('img')).toBeNull();
    expect(text.textContent).toContain('here');
    expect(text.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});

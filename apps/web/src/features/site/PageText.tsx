import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { Heading } from './Heading';
import { blocksOf, type Span, spansOf } from './markdown';

/** Inline spans as elements: a site path through the router, any other address in a new tab. */
function Inline({ spans, codeStyle }: { spans: Span[]; codeStyle: CSSProperties }): ReactNode {
  return spans.map((span, index) => {
    const key = `${span.kind}-${index}`;
    if (span.kind === 'text') return span.text;
    if (span.kind === 'code')
      return (
        <code key={key} style={codeStyle}>
          {span.text}
        </code>
      );
    const inner = <Inline spans={span.spans} codeStyle={codeStyle} />;
    if (span.kind === 'strong') return <strong key={key}>{inner}</strong>;
    if (span.kind === 'em') return <em key={key}>{inner}</em>;
    if (span.href.startsWith('/') && !span.href.startsWith('//'))
      return (
        <Link key={key} to={span.href}>
          {inner}
        </Link>
      );
    return (
      <a key={key} href={span.href} target="_blank" rel="noopener noreferrer">
        {inner}
      </a>
    );
  });
}

/**
 * A page's text as the operator writes it (sysConfig, group site; help articles): the markdown of
 * ./markdown.ts drawn as React elements, never as HTML, so whatever the text holds shows as text.
 */
export function PageText({ text, testId }: { text: string; testId?: string }) {
  const { token } = theme.useToken();
  const codeStyle: CSSProperties = {
    fontFamily: token.fontFamilyCode,
    fontSize: '0.9em',
    background: token.colorFillTertiary,
    borderRadius: token.borderRadiusSM,
    padding: '1px 4px',
  };
  const inline = (value: string) => <Inline spans={spansOf(value)} codeStyle={codeStyle} />;
  return (
    <div
      data-testid={testId}
      style={{ color: token.colorText, lineHeight: token.lineHeight, overflowWrap: 'anywhere' }}
    >
      {blocksOf(text).map((block) => {
        if (block.kind === 'heading')
          return (
            <Heading level={block.level} key={block.at}>
              {inline(block.text)}
            </Heading>
          );
        if (block.kind === 'code')
          return (
            <pre key={block.at} style={{ ...codeStyle, padding: '8px 12px', overflowX: 'auto', whiteSpace: 'pre' }}>
              <code>{block.text}</code>
            </pre>
          );
        if (block.kind === 'list') {
          const items = block.items.map((item) => <li key={item.at}>{inline(item.text)}</li>);
          return block.ordered ? (
            <ol key={block.at} start={block.start}>
              {items}
            </ol>
          ) : (
            <ul key={block.at}>{items}</ul>
          );
        }
        return (
          <p key={block.at} style={{ margin: '0 0 1em', whiteSpace: 'pre-line' }}>
            {inline(block.text)}
          </p>
        );
      })}
    </div>
  );
}

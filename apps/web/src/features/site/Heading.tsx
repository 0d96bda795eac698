import { theme } from 'antd';
import type { HTMLAttributes } from 'react';

/**
 * A heading drawn from the theme's tokens as antd's Typography draws its titles: the public pages use it
 * where Typography (with its copy and edit tooling) would weigh more than the page. A page's title (level 1)
 * takes its size from styles.css (.pp-page-title), smaller on a phone.
 */
export function Heading({ level, style, ...rest }: { level: 1 | 2 | 3 | 4 } & HTMLAttributes<HTMLHeadingElement>) {
  const { token } = theme.useToken();
  const Tag = `h${level}` as const;
  return (
    <Tag
      className={level === 1 ? 'pp-page-title' : undefined}
      {...rest}
      style={{
        margin: level === 1 ? '0 0 16px' : '1.2em 0 0.5em',
        ...(level === 1
          ? {}
          : { fontSize: token[`fontSizeHeading${level}`], lineHeight: token[`lineHeightHeading${level}`] }),
        fontWeight: token.fontWeightStrong,
        color: token.colorTextHeading,
        ...style,
      }}
    />
  );
}

/** A paragraph in the secondary text colour. */
export function Secondary({ style, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  const { token } = theme.useToken();
  return <p {...rest} style={{ margin: '0 0 1em', color: token.colorTextSecondary, ...style }} />;
}

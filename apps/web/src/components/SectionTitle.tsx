import { Typography, theme } from 'antd';
import type { ComponentProps } from 'react';

/**
 * A heading within a screen: an h2, under the screen's name that the layout gives as the page's h1 (so that
 * headings go down one level at a time), drawn as antd draws its level-`look` title.
 */
export function SectionTitle({
  look = 5,
  style,
  ...props
}: Omit<ComponentProps<typeof Typography.Title>, 'level'> & { look?: 4 | 5 }) {
  const { token } = theme.useToken();
  return (
    <Typography.Title
      level={2}
      style={{ fontSize: token[`fontSizeHeading${look}`], lineHeight: token[`lineHeightHeading${look}`], ...style }}
      {...props}
    />
  );
}

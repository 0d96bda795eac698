import { theme } from 'antd';
import type { HTMLAttributes } from 'react';

/**
 * A card's surface drawn with the theme's tokens: for what every first visit loads (the sign-in box, the
 * page skeleton), where antd's Card would bring its tabs, menus and dropdowns along.
 */
export function Surface({ style, ...rest }: HTMLAttributes<HTMLDivElement>) {
  const { token } = theme.useToken();
  return (
    <div
      {...rest}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
        ...style,
      }}
    />
  );
}

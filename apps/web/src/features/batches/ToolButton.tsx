import { Button, type ButtonProps, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** One button of the volume toolbar, with the hint its tooltip gives (none: no tooltip text). */
export function ToolButton({
  tip,
  testId,
  children,
  ...button
}: Pick<ButtonProps, 'icon' | 'type' | 'disabled' | 'loading' | 'onClick'> & {
  tip?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip title={tip}>
      <Button {...button} data-testid={testId}>
        {children}
      </Button>
    </Tooltip>
  );
}

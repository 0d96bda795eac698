import { EnvironmentOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Both notes share one grid cell, so the cell is as tall as the taller of them, however they wrap. */
const STACKED: CSSProperties = { display: 'grid' };
const IN_THE_CELL: CSSProperties = { gridArea: '1 / 1' };

/**
 * The note under a ZIP field: the city and state were filled from it, or no city is known for it.
 *
 * The note comes as the ZIP is left, often by a click on Save, so the fields and buttons below must not move under
 * that click (its release would land beside the button, and the save be lost). Both notes are therefore always laid
 * out, the ones not meant now hidden: the place they take is the same before and after, in either language and at
 * any width (the English note wraps to two lines in a 720-pixel dialog's third of a row).
 */
export function ZipNote({ shown, testId }: { shown: 'filled' | 'unknown' | null; testId: (note: string) => string }) {
  const { t } = useTranslation();
  const note = (kind: 'filled' | 'unknown', content: ReactNode) =>
    kind === shown ? (
      <Typography.Text
        type={kind === 'filled' ? 'secondary' : 'warning'}
        data-testid={testId(`zip-${kind}`)}
        style={IN_THE_CELL}
      >
        {content}
      </Typography.Text>
    ) : (
      <span aria-hidden="true" style={{ ...IN_THE_CELL, visibility: 'hidden' }}>
        {content}
      </span>
    );
  return (
    <span style={STACKED}>
      {note(
        'filled',
        <>
          <EnvironmentOutlined /> {t('addressForm.filledFromZip')}
        </>,
      )}
      {note('unknown', t('addressForm.zipUnknown'))}
    </span>
  );
}

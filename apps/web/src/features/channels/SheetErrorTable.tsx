import { Alert, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SheetError } from '../../api/channels';

/** Spreadsheet-style column letter of a 1-based column: 1 → A, 27 → AA. */
export function columnLetter(column: number): string {
  let n = column;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Why an imported sheet was refused: one line per bad cell, by row and column, so the file can be fixed. */
export function SheetErrorTable({ errors, title }: { errors: SheetError[]; title: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="sheet-errors">
      <Alert type="error" showIcon title={title} description={t('carriers.import.errorsHint')} />
      <Table<SheetError & { key: number }>
        size="small"
        style={{ marginTop: 8 }}
        pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        dataSource={errors.map((error, key) => ({ ...error, key }))}
        onRow={(error) =>
          ({ 'data-testid': `sheet-error-${error.row}-${error.column}` }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          { title: t('carriers.import.row'), dataIndex: 'row', width: 80 },
          {
            title: t('carriers.import.column'),
            dataIndex: 'column',
            width: 120,
            render: (column: number) => `${columnLetter(column)} (${column})`,
          },
          { title: t('carriers.import.message'), dataIndex: 'message' },
        ]}
      />
    </div>
  );
}

import { Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DryRunAnswer } from '../../api/desk';
import { changeValueText, type ServiceNames } from './changeValues';

/**
 * A dry run's answer: how many of the orders examined the rule matched, and what it would change on each, each value
 * as the editor words it (`services`: the names of the services the merchant is given).
 */
export function DryRunTable({ answer, services }: { answer: DryRunAnswer; services: ServiceNames }) {
  const { t } = useTranslation();
  return (
    <div data-testid="dry-run-result">
      <Typography.Paragraph data-testid="dry-run-summary">
        {t('rules.dryRunSummary', { matched: answer.matched, examined: answer.examined })}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="orderId"
        pagination={{ pageSize: 10 }}
        dataSource={answer.rows}
        onRow={(row) => ({ 'data-testid': `dry-run-row-${row.orderId}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('rules.order'), dataIndex: 'orderNo', width: 170 },
          { title: t('rules.recipient'), dataIndex: 'toPersonName', width: 140 },
          {
            title: t('rules.changes'),
            key: 'changes',
            render: (_value, row) =>
              row.changes.length === 0 ? (
                t('rules.noChange')
              ) : (
                <Space orientation="vertical" size={0}>
                  {row.changes.map((change) => (
                    <span key={change.field}>
                      {t(`rules.field.${change.field}`)}
                      {t('common.colon')}
                      {changeValueText(change.field, change.before, t, services)} →{' '}
                      {changeValueText(change.field, change.after, t, services)}
                    </span>
                  ))}
                </Space>
              ),
          },
        ]}
      />
    </div>
  );
}

import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@parcelport/shared';
import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import * as teamContracts from '@parcelport/shared/contracts/team/index';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, type PaginationProps, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { HISTORY_KEY } from '../../api/team';
import { PhoneCards } from '../../components/PhoneCards';
import { usePhone } from '../../layout/usePhone';
import { NO_VALUE, shownSecond } from '../../utils/shown';
import { fieldLabel, isRecord, valueLines } from './changeFields';
import { changeNameKey } from './changeNames';

type Change = AnswerOf<typeof teamContracts.listChangeHistory>['list'][number];

const ROLE_COLOURS: Record<Change['role'], string> = { owner: 'gold', member: 'blue', staff: 'purple' };

/**
 * A long value without spaces (a web address, a template's text) would widen the table past its card and squeeze
 * the "What" column to a letter a line.
 */
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;

/** The least width the table is laid out at: each of before and after gets some 190 px of it. */
const TABLE_WIDTH = 960;

/** A value of several lines, each beneath the one before. */
const LINES = { whiteSpace: 'pre-line' } as const;

/**
 * A change's before or after (`other`: the other side): the parts it changed (and what it was made to, an order's
 * number), one a line as `field: value`, each field as its form labels it and its value as a merchant reads it
 * (changeFields.ts); a value of several lines (a draft's parcels) one a line beneath its field.
 */
function ChangeSide({ value, other, testId }: { value: unknown; other: unknown; testId: string }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return <span data-testid={testId}>—</span>;
  if (!isRecord(value))
    return (
      <span data-testid={testId} style={WRAP_ANYWHERE}>
        {valueLines('', value, t).join(' ')}
      </span>
    );
  return (
    <Space orientation="vertical" size={0} data-testid={testId} style={WRAP_ANYWHERE}>
      {Object.entries(value).map(([field, part]) => {
        const lines = valueLines(field, part, t, isRecord(other) ? other[field] : undefined);
        return (
          <span key={field} data-testid="change-part">
            <Typography.Text type="secondary">{fieldLabel(field, t)}</Typography.Text>
            {t('common.colon')}
            {lines.length === 1 ? lines[0] : <span style={LINES}>{`\n${lines.join('\n')}`}</span>}
          </span>
        );
      })}
    </Space>
  );
}

/** Who made a change, with their part in the account (owner, member, staff). */
function ChangeWho({ change }: { change: Change }) {
  const { t } = useTranslation();
  return (
    <span data-testid="change-who">
      {change.actor ?? NO_VALUE} <Tag color={ROLE_COLOURS[change.role]}>{t(`changeHistory.role.${change.role}`)}</Tag>
    </span>
  );
}

/** What a change was: its name where it has one, and the call that made it. */
function ChangeWhat({ change }: { change: Change }) {
  const { t } = useTranslation();
  const name = changeNameKey(change.method, change.path);
  return (
    <Space orientation="vertical" size={0}>
      {name && <span data-testid="change-name">{t(name)}</span>}
      <Typography.Text code type={name ? 'secondary' : undefined} data-testid="change-what" style={WRAP_ANYWHERE}>
        {change.method} {change.path}
      </Typography.Text>
    </Space>
  );
}

/** Whether a change's before or after was kept (only settings changes and drafts' edits keep them). */
const recorded = (change: Change) => change.before != null || change.after != null;

/**
 * One change on a phone: when, who and what at the top, then before and after each under its heading, the full
 * width of the phone (in a table they had some 190 px each and the table scrolled sideways); a change that kept
 * neither (an order bought, a label printed) shows no empty headings.
 */
function ChangeCard({ change }: { change: Change }) {
  const { t } = useTranslation();
  return (
    <Card size="small" data-testid="change-card">
      <Flex vertical gap={8}>
        <Flex justify="space-between" wrap gap={4}>
          <ChangeWho change={change} />
          <Typography.Text type="secondary">{shownSecond(change.time)}</Typography.Text>
        </Flex>
        <ChangeWhat change={change} />
        {recorded(change) && (
          <>
            <Flex vertical>
              <Typography.Text strong>{t('changeHistory.before')}</Typography.Text>
              <ChangeSide value={change.before} other={change.after} testId="change-before" />
            </Flex>
            <Flex vertical>
              <Typography.Text strong>{t('changeHistory.after')}</Typography.Text>
              <ChangeSide value={change.after} other={change.before} testId="change-after" />
            </Flex>
          </>
        )}
      </Flex>
    </Card>
  );
}

/**
 * /settings/changeHistory (issue 30): every change made to the account's orders, money and settings, by the
 * owner, a team member or staff acting as the owner: who, what, and for a change of settings or of a draft what it
 * changed, before and after. A phone gets one card per change, before and after each the phone's width.
 */
export default function ChangeHistory() {
  const { t } = useTranslation();
  const phone = usePhone();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const history = useQuery({
    queryKey: [HISTORY_KEY, page, pageSize],
    queryFn: () => call(teamContracts.listChangeHistory, { query: { page, pageSize } }),
  });
  const columns: TableColumnsType<Change> = [
    {
      title: t('changeHistory.time'),
      dataIndex: 'time',
      key: 'time',
      width: 160,
      render: shownSecond,
    },
    {
      title: t('changeHistory.who'),
      key: 'who',
      width: 200,
      render: (_, change) => <ChangeWho change={change} />,
    },
    {
      title: t('changeHistory.what'),
      key: 'what',
      width: 220,
      render: (_, change) => <ChangeWhat change={change} />,
    },
    {
      title: t('changeHistory.before'),
      dataIndex: 'before',
      key: 'before',
      render: (value: unknown, change) => <ChangeSide value={value} other={change.after} testId="change-before" />,
    },
    {
      title: t('changeHistory.after'),
      dataIndex: 'after',
      key: 'after',
      render: (value: unknown, change) => <ChangeSide value={value} other={change.before} testId="change-after" />,
    },
  ];
  const pagination: PaginationProps = {
    current: page,
    pageSize,
    // The sizes the API takes (packages/shared PAGE_SIZES): another is refused.
    pageSizeOptions: [...PAGE_SIZES],
    total: history.data?.total ?? 0,
    showTotal: (total) => t('common.total', { total }),
    onChange: (next, size) => {
      setPage(size === pageSize ? next : 1);
      setPageSize(size);
    },
  };
  const changes = history.data?.list ?? [];
  return (
    <Card title={t('menu.settings.changeHistory')} data-testid="change-history-page">
      <p>{t('changeHistory.explain')}</p>
      {phone ? (
        <PhoneCards
          loading={history.isPending}
          empty={changes.length === 0}
          pagination={pagination}
          testId="change-history-cards"
        >
          {changes.map((change) => (
            <ChangeCard key={change.id} change={change} />
          ))}
        </PhoneCards>
      ) : (
        <Table<Change>
          rowKey="id"
          columns={columns}
          dataSource={changes}
          loading={history.isPending}
          data-testid="change-history-table"
          // before and after share what the other columns leave; narrower (a tablet), the table scrolls sideways
          // rather than wrapping them a letter a line
          scroll={{ x: TABLE_WIDTH }}
          pagination={pagination}
        />
      )}
    </Card>
  );
}

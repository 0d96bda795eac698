import { CheckCircleFilled, RightCircleOutlined } from '@ant-design/icons';
import { hasAnyCode, ROLE } from '@parcelport/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Progress, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { merchantChecklist, operatorChecklist } from '../../api/config';
import { userCodes, useSessionStore } from '../../stores/session';

interface Step {
  step: string;
  done: boolean;
  path: string;
}

/** One list of first-run steps, each done or with a link to the screen that does it; gone once all are done. */
function Checklist({ kind, steps }: { kind: 'operator' | 'merchant'; steps: Step[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const done = steps.filter((step) => step.done).length;
  if (steps.length === 0 || done === steps.length) return null;
  return (
    <Card
      // The card's title heads its steps: h2 under the screen's h1, each step an h3.
      title={<h2 className="pp-inline-heading">{t(`checklist.${kind}.title`)}</h2>}
      extra={
        <Progress
          type="circle"
          size={36}
          percent={Math.round((done / steps.length) * 100)}
          format={() => `${done}/${steps.length}`}
          aria-label={t('checklist.progress', { done, total: steps.length })}
        />
      }
      style={{ marginBottom: 16 }}
      data-testid={`checklist-${kind}`}
    >
      <List
        dataSource={steps}
        renderItem={(step) => (
          <List.Item
            data-testid={`checklist-step-${step.step}`}
            data-done={step.done}
            actions={
              step.done
                ? []
                : [
                    <Button
                      key="go"
                      size="small"
                      type="primary"
                      onClick={() => void navigate(step.path)}
                      data-testid={`checklist-go-${step.step}`}
                    >
                      {t(`checklist.${kind}.${step.step}.action`)}
                    </Button>,
                  ]
            }
          >
            {/* Not List.Item.Meta: it draws the title in an h4, which would skip the h3 under the card's h2. */}
            <div style={{ display: 'flex', gap: token.margin, alignItems: 'flex-start', flex: 1 }}>
              {step.done ? (
                <CheckCircleFilled style={{ color: '#00b42a', fontSize: 18 }} aria-label={t('checklist.done')} />
              ) : (
                <RightCircleOutlined style={{ fontSize: 18 }} aria-label={t('checklist.open')} />
              )}
              <div>
                <h3 className="pp-inline-heading" style={{ fontWeight: token.fontWeightStrong }}>
                  <Typography.Text delete={step.done} type={step.done ? 'secondary' : undefined}>
                    {t(`checklist.${kind}.${step.step}.title`)}
                  </Typography.Text>
                </h3>
                {!step.done && (
                  <Typography.Text type="secondary">{t(`checklist.${kind}.${step.step}.text`)}</Typography.Text>
                )}
              </div>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}

/**
 * The first-run checklists on the workplace: the operator's (to whoever may change the system
 * configuration) and a merchant's own, each step done once its work exists.
 */
export function FirstRunChecklist() {
  const userInfo = useSessionStore((state) => state.userInfo);
  const operator = hasAnyCode(['configList'], userCodes(userInfo));
  const merchant = !operator && (userInfo?.roleCodes?.includes(ROLE.customer) ?? false);
  const operatorSteps = useQuery({
    queryKey: ['checklist', 'operator'],
    queryFn: operatorChecklist,
    enabled: operator,
  });
  const merchantSteps = useQuery({
    queryKey: ['checklist', 'merchant'],
    queryFn: merchantChecklist,
    enabled: merchant,
  });
  if (operator && operatorSteps.data) return <Checklist kind="operator" steps={operatorSteps.data} />;
  if (merchant && merchantSteps.data) return <Checklist kind="merchant" steps={merchantSteps.data} />;
  return null;
}

import { CheckCircleFilled, RightCircleOutlined } from '@ant-design/icons';
import { hasAnyCode, ROLE } from '@parcelport/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Progress, Typography } from 'antd';
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
  const done = steps.filter((step) => step.done).length;
  if (steps.length === 0 || done === steps.length) return null;
  return (
    <Card
      title={t(`checklist.${kind}.title`)}
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
            <List.Item.Meta
              avatar={
                step.done ? (
                  <CheckCircleFilled style={{ color: '#00b42a', fontSize: 18 }} aria-label={t('checklist.done')} />
                ) : (
                  <RightCircleOutlined style={{ fontSize: 18 }} aria-label={t('checklist.open')} />
                )
              }
              title={
                <Typography.Text delete={step.done} type={step.done ? 'secondary' : undefined}>
                  {t(`checklist.${kind}.${step.step}.title`)}
                </Typography.Text>
              }
              description={step.done ? undefined : t(`checklist.${kind}.${step.step}.text`)}
            />
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

import { z } from 'zod';
import { defineContract } from '../contract.ts';

/** The steps a new operator takes before merchants can use the platform (docs/api.md "First-run checklists"). */
export const OPERATOR_STEPS = ['payees', 'smtp', 'realChannel', 'registration'] as const;
/** The steps a new merchant takes to its first label. */
export const MERCHANT_STEPS = ['senderAddress', 'topUp', 'firstLabel'] as const;

const stepView = <Steps extends readonly [string, ...string[]]>(steps: Steps) =>
  z.object({
    step: z.enum(steps),
    done: z.boolean().describe('Done once what the step asks for exists; never undone by hand'),
    path: z.string().describe('The screen where the step is done'),
  });

export const operatorStepView = stepView(OPERATOR_STEPS);
export const merchantStepView = stepView(MERCHANT_STEPS);
export type OperatorStep = z.output<typeof operatorStepView>;
export type MerchantStep = z.output<typeof merchantStepView>;

export const operatorChecklist = defineContract({
  method: 'GET',
  path: '/admin/config/checklist',
  summary:
    "The operator's first-run steps: payee details for recharges written, mail (SMTP) set up, a real carrier channel enabled beside the demo ones, the registration mode chosen; each done or not, with its screen",
  tags: ['config'],
  access: { codes: ['configList'] },
  scope: 'any',
  answer: z.array(operatorStepView),
});

export const merchantChecklist = defineContract({
  method: 'GET',
  path: '/app/checklist',
  summary:
    'My first steps to a label: a default sender in the address book, a first top-up, a first label bought; each done or not, with its screen',
  tags: ['config'],
  access: 'signedIn',
  scope: 'own',
  answer: z.array(merchantStepView),
});

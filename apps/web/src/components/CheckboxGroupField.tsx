import { Checkbox, type GetProps } from 'antd';

/**
 * A group of checkboxes as a required form field. A required `Form.Item` marks its control `aria-required`,
 * which a group (`role="group"`) may not carry (axe's aria-allowed-attr, WCAG 4.1.2); the label's mark and the
 * rule's message say the field is required instead.
 */
export function CheckboxGroupField(props: GetProps<typeof Checkbox.Group>) {
  const { 'aria-required': _required, ...group } = props as GetProps<typeof Checkbox.Group> & {
    'aria-required'?: unknown;
  };
  return <Checkbox.Group {...group} />;
}

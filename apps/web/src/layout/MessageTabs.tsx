import { Tabs, type TabsProps } from 'antd';

/** The message box's tabs (MessageBox), loaded when the box is first opened. */
export default function MessageTabs(props: Pick<TabsProps, 'activeKey' | 'onChange' | 'items'>) {
  return <Tabs {...props} />;
}

import type { Kysely } from 'kysely';

type Db = Kysely<{ help_articles: { slug: string; sort: number } & Record<string, unknown> }>;

/**
 * The user guide's sections that 0034 left out (roles, acting as a user, the interface, orders at volume)
 * as help articles in both languages, after the existing ones; an address staff have taken meanwhile is
 * left to their article.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const articles = db as Db;
  const existing = await articles.selectFrom('help_articles').select(['slug', 'sort']).execute();
  const taken = new Set(existing.map((row) => row.slug));
  const after = Math.max(-1, ...existing.map((row) => Number(row.sort))) + 1;
  const fresh = GUIDE_ARTICLES.filter((article) => !taken.has(article.slug));
  if (fresh.length === 0) return;
  const now = Date.now();
  await articles
    .insertInto('help_articles')
    .values(
      fresh.map((article, index) => ({
        slug: article.slug,
        category: article.category,
        title_zh: article.zh[0],
        title_en: article.en[0],
        body_zh: article.zh[1],
        body_en: article.en[1],
        published: 1,
        sort: after + index,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/**
 * The user guide's sections that were not yet articles, copied into this migration rather than imported: roles, acting as a user, the
 * interface and orders at volume (docs/index.md), in both languages, as [title, text] like the first ones.
 */
const GUIDE_ARTICLES: {
  slug: string;
  category: string;
  zh: [string, string];
  en: [string, string];
}[] = [
  {
    slug: 'roles',
    category: 'account',
    zh: [
      '角色与权限',
      '访问权限由角色持有的资源代码授予。内置角色：\n\n- **customer**（客户）：商户区（订单、邮资、设置）\n- **administrator**（管理员）：全部\n- **customerService**（客服）：管理区的工单、运单和用户\n- **finance**（财务）：管理区的充值、资金记录和用户\n- **seller**（业务员）：用其邀请码注册的客户\n- **proxy**（代理）：商户区及代理用户\n- **overseasWarehouse**（海外仓）：商户区\n\n管理员在“管理 → 用户管理”中修改用户的角色。服务器拒绝角色不允许的任何调用（403），业务员和代理只能看到自己的客户。',
    ],
    en: [
      'Roles and what they see',
      "Access is granted by resource codes held by roles. The built-in roles:\n\n- **customer**: the merchant area (orders, postage, settings)\n- **administrator**: everything\n- **customerService**: the admin area's work orders, waybills and users\n- **finance**: the admin area's recharge and fund records and users\n- **seller**: the customers who registered with the seller's invitation code\n- **proxy**: the merchant area plus proxy users\n- **overseasWarehouse**: the merchant area\n\nAdministrators change a user's roles under *Admin → User management*. The server refuses any call a role does not allow (403), and limits sellers and proxies to their own customers.",
    ],
  },
  {
    slug: 'act-as-a-user',
    category: 'account',
    zh: [
      '代登录：以用户身份查看',
      '工作人员可以在新窗口中打开客户的账户（“管理 → 用户管理 → 代登录”），查看客户所见。\n\n- 账户直接交给该窗口，从不出现在地址中，不会经浏览器历史或分享的链接泄露；以其他方式打开的 `/config` 窗口不会登录任何人\n- 窗口显示谁在代谁操作，并带有水印（“审计记录中，请谨慎操作。”）\n- 在其中做的每项更改都会写入用户日志，操作人为工作人员，对象为客户',
    ],
    en: [
      'Act as a user',
      'Staff can open a customer\'s account in a new window (*Admin → User management → Act as*) to see what the customer sees.\n\n- the account is handed to that window directly, never in its address, so it cannot leak through the browser history or a shared link; a `/config` window opened any other way signs nobody in\n- the window shows who is acting for whom, under a watermark ("Audit recording in progress. Operate carefully.")\n- every change made there is written to the user log with the staff member as actor and the customer as subject',
    ],
  },
  {
    slug: 'the-interface',
    category: 'gettingStarted',
    zh: [
      '界面',
      '# 导航栏\n\n切换主题（浅色/深色）、全屏和语言（简体中文 / English，页面会重新加载），并打开消息盒子（消息、通知、待办）。\n\n# 设置抽屉\n\n显示或隐藏导航栏、菜单、顶部菜单、页脚和标签栏，设置菜单宽度和主题色，可从服务器获取菜单，提供色弱模式，并可将全部设置复制为文本。\n\n# 标签栏\n\n打开过的页面各占一个标签，多于一个时可点 × 关闭。标签右侧的按钮刷新当前页，▾ 菜单可**关闭当前**、**关闭其他**或**关闭全部**（回到工作台）。\n\n# 手机上\n\n窗口窄于 768 像素时，菜单变为从导航栏打开的抽屉，宽表格可左右滑动。\n\n# 列表的列\n\n订单列表的“列设置”可选择字号、是否显示行号，以及每列是否显示、顺序和固定位置；设置会为您保存，“恢复默认设置”可还原。',
    ],
    en: [
      'The interface',
      "# Navbar\n\nSwitches the theme (light or dark), full screen and the language (简体中文 / English; the page reloads), and opens the message box (messages, notices, to-dos).\n\n# Settings drawer\n\nShows or hides the navbar, menu, top menu, footer and tab bar, sets the menu width and the theme colour, can take the menu from the server, offers a colour-weak mode, and copies all settings as text.\n\n# Tab bar\n\nEach screen you open gets a tab, closed by its × while more than one is open. Beside the tabs, one button reloads the screen and the ▾ menu offers **Close this tab**, **Close other tabs** and **Close all tabs** (back to the workplace).\n\n# On a phone\n\nUnder 768 pixels wide the menu is a drawer opened from the navbar, and wide tables scroll sideways.\n\n# A list's columns\n\nThe order lists' *Columns* button sets the font size, the row numbers, and for each column whether it shows, its place and its pin; your choice is kept for you, and *Restore the list's own* undoes it.",
    ],
  },
  {
    slug: 'orders-at-volume',
    category: 'shipping',
    zh: [
      '批量处理订单',
      '# 导入\n\n在任一订单列表点击“导入订单”：下载中文或英文模板，每个包裹填一行（“订单组”相同的行合为一个多包裹订单），上传 xlsx 或 csv。\n\n- 模板中灰色的示例行（备注为“示例，导入时跳过”）不会被导入\n- 其他来源的表格也可以：表头无法识别时，页面会列出每个字段供您选择表格的列\n- 有效订单成为同一批次号下的草稿；错误报告列出每个错误行、列和原因，可导出为 CSV。错误订单不会创建：修正这些行后单独再导入\n\n# 批量工具\n\n在订单列表中选择订单，然后“批量估价”（每单最便宜和最快的服务）或“批量下单”（每单最便宜、最快，或统一一个服务）。二者在服务器上作为任务运行：面板显示完成/失败/剩余，可停止任务，结束时列出每个失败及原因；关闭面板任务仍继续。每个订单只扣费一次。\n\n# 下载\n\n面单可下载为压缩包（每单一个 PDF，按订单号或跟踪号命名）或合并的 PDF，还有当天或所选面单的交接单，以及列表的 xlsx。未选择时按筛选条件取全部订单。\n\n# 地址校验与追踪\n\n- 地址校验：标记所选订单的收件地址为有效、建议更正或无效\n- 轨迹查询：粘贴最多 40 个跟踪号查看状态与事件，并可通过邮件或 webhook 订阅',
    ],
    en: [
      'Orders at volume',
      "# Import\n\nOn any order list choose *Import orders*: download the template in Chinese or English, fill one row per parcel (rows sharing an *order group* make one order with several parcels) and upload the xlsx or csv.\n\n- the template's grey example rows (remark \"Example: skipped on import\") are never imported\n- a sheet from elsewhere works too: when its headers are not recognised, the screen lists every field with a choice of the sheet's columns\n- valid orders become drafts under one batch number; the error report names each bad row, its column and the reason, and exports as CSV. Bad orders are not created: fix those rows and import just them again\n\n# Batch tools\n\nSelect orders on a list, then *Batch rate* (each order's cheapest and fastest service) or *Batch buy labels* (each order's cheapest, its fastest, or one service for all). Both run as jobs on the server: the panel shows done, failed and left, can stop the job, and lists every failure with its reason at the end; closing it leaves the job running. Each order is charged once.\n\n# Downloads\n\nLabels as a zip (one PDF per order, named by order or tracking number) or as one merged PDF, the day's or the selected labels' manifest, and the list as xlsx. With nothing selected they take every order the filters match.\n\n# Address check and tracking\n\n- *Address check* marks the selected orders' recipient addresses valid, corrections suggested or invalid\n- *Tracking* takes up to 40 tracking numbers, shows each parcel's state and events, and subscribes to a parcel by email or webhook",
    ],
  },
];

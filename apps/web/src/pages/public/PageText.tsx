import { Typography } from 'antd';

type Block =
  | { kind: 'heading'; at: number; level: 2 | 3 | 4; text: string }
  | { kind: 'list'; at: number; items: { at: number; text: string }[] }
  | { kind: 'paragraph'; at: number; text: string };

const LIST_ITEM = /^\s*[-*]\s+/;

/** The text's blocks, each keyed by where it starts in the text. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let at = 0;
  for (const raw of text.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const block = raw.trim();
    const start = at;
    at += raw.length + 2;
    if (!block) continue;
    const heading = /^(#{1,3})\s+(.*)$/.exec(block);
    const lines = block.split('\n');
    if (heading) {
      blocks.push({
        kind: 'heading',
        at: start,
        level: ((heading[1]?.length ?? 1) + 1) as 2 | 3 | 4,
        text: heading[2] ?? '',
      });
    } else if (lines.every((line) => LIST_ITEM.test(line))) {
      let offset = start;
      const items = lines.map((line) => {
        const item = { at: offset, text: line.replace(LIST_ITEM, '') };
        offset += line.length + 1;
        return item;
      });
      blocks.push({ kind: 'list', at: start, items });
    } else {
      blocks.push({ kind: 'paragraph', at: start, text: block });
    }
  }
  return blocks;
}

/**
 * A page's text as the operator writes it (sysConfig, group site): blank lines between blocks, `#` to `###`
 * headings, `-` or `*` list items, the rest paragraphs. Drawn as React elements, never as HTML, so whatever
 * the text holds shows as text.
 */
export function PageText({ text, testId }: { text: string; testId?: string }) {
  return (
    <Typography data-testid={testId}>
      {blocksOf(text).map((block) => {
        if (block.kind === 'heading')
          return (
            <Typography.Title level={block.level} key={block.at}>
              {block.text}
            </Typography.Title>
          );
        if (block.kind === 'list')
          return (
            <ul key={block.at}>
              {block.items.map((item) => (
                <li key={item.at}>{item.text}</li>
              ))}
            </ul>
          );
        return (
          <Typography.Paragraph key={block.at} style={{ whiteSpace: 'pre-line' }}>
            {block.text}
          </Typography.Paragraph>
        );
      })}
    </Typography>
  );
}

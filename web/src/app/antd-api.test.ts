// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue #23 item 14: no deprecated antd API in web/src. antd reports these only in development
 * builds (the production bundle the e2e walk drives strips its warnings), so they are found here,
 * in the source: JSX props antd 6 deprecates (from its `warning.deprecated` calls), `Tag
 * bordered={false}`, Timeline items with label/children/dot/position, and `rowKey` functions that
 * take the deprecated `index` argument.
 */
const DEPRECATED_PROPS: Record<string, Record<string, string>> = {
  Alert: { message: 'title', closeText: 'closable.closeIcon' },
  Avatar: { maxCount: 'max' },
  Button: { iconPosition: 'iconPlacement' },
  Card: { bordered: 'variant', headStyle: 'styles.header', bodyStyle: 'styles.body' },
  Carousel: { dotPosition: 'dotPlacement' },
  Collapse: { destroyInactivePanel: 'destroyOnHidden', expandIconPosition: 'expandIconPlacement' },
  Descriptions: { labelStyle: 'styles.label', contentStyle: 'styles.content' },
  Divider: { type: 'orientation', orientationMargin: 'styles.content.margin' },
  Drawer: {
    width: 'size',
    height: 'size',
    destroyOnClose: 'destroyOnHidden',
    bodyStyle: 'styles.body',
    headerStyle: 'styles.header',
    footerStyle: 'styles.footer',
    maskStyle: 'styles.mask',
    contentWrapperStyle: 'styles.wrapper',
    drawerStyle: 'styles.section',
  },
  Empty: { imageStyle: 'styles.image' },
  Image: { wrapperStyle: 'styles.root', visible: 'open', maskClassName: 'classNames.cover' },
  Input: { bordered: 'variant', addonAfter: 'Space.Compact', addonBefore: 'Space.Compact' },
  InputNumber: { bordered: 'variant', addonAfter: 'Space.Compact', addonBefore: 'Space.Compact' },
  Modal: {
    maskClosable: 'mask={{ closable }}',
    destroyOnClose: 'destroyOnHidden',
    bodyStyle: 'styles.body',
    maskStyle: 'styles.mask',
    autoFocusButton: 'focusable.autoFocusButton',
    focusTriggerAfterClose: 'focusable.focusTriggerAfterClose',
  },
  Progress: { strokeWidth: 'size', width: 'size', trailColor: 'railColor', gapPosition: 'gapPlacement' },
  Slider: { tooltipVisible: 'open', tipFormatter: 'formatter', tooltipPlacement: 'placement' },
  Space: { direction: 'orientation', split: 'separator' },
  Spin: { tip: 'description', wrapperClassName: 'classNames.root' },
  Statistic: { valueStyle: 'styles.content' },
  Steps: { direction: 'orientation', labelPlacement: 'titlePlacement', progressDot: 'type="dot"' },
  Tabs: {
    tabPosition: 'tabPlacement',
    destroyInactiveTabPane: 'destroyOnHidden',
    popupClassName: 'classNames.popup',
  },
  Tooltip: {
    overlayStyle: 'styles.root',
    overlayInnerStyle: 'styles.container',
    overlayClassName: 'classNames.root',
    destroyTooltipOnHide: 'destroyOnHidden',
  },
  Popover: {
    overlayStyle: 'styles.root',
    overlayInnerStyle: 'styles.container',
    overlayClassName: 'classNames.root',
    destroyTooltipOnHide: 'destroyOnHidden',
  },
  Transfer: { listStyle: 'styles.section', operations: 'actions' },
};
const TIMELINE_ITEM_KEYS: Record<string, string> = {
  label: 'title',
  children: 'content',
  dot: 'icon',
  position: 'placement',
};

const src = join(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [path] : [];
  });
}

/** Local names under which a file imports antd components (`import { Modal as M } from 'antd'`). */
function antdImports(file: ts.SourceFile): Map<string, string> {
  const names = new Map<string, string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    if ((statement.moduleSpecifier as ts.StringLiteral).text !== 'antd') continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements)
        names.set(element.name.text, (element.propertyName ?? element.name).text);
  }
  return names;
}

function findDeprecated(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const imports = antdImports(file);
  if (imports.size === 0) return [];
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${relative(src, path)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText();
      const component = imports.get(tag);
      for (const attribute of node.attributes.properties) {
        if (!ts.isJsxAttribute(attribute)) continue;
        const prop = attribute.name.getText();
        const replacement = component ? DEPRECATED_PROPS[component]?.[prop] : undefined;
        if (replacement) found.push(`${where(attribute)} <${tag} ${prop}> → ${replacement}`);
        if (component === 'Tag' && prop === 'bordered' && attribute.initializer?.getText() === '{false}')
          found.push(`${where(attribute)} <Tag bordered={false}> → variant="filled"`);
        const init = attribute.initializer;
        if (
          prop === 'rowKey' &&
          init &&
          ts.isJsxExpression(init) &&
          init.expression &&
          (ts.isArrowFunction(init.expression) || ts.isFunctionExpression(init.expression)) &&
          init.expression.parameters.length > 1
        )
          found.push(`${where(attribute)} <${tag} rowKey> takes the deprecated index argument`);
        if (
          component === 'Timeline' &&
          prop === 'items' &&
          init &&
          ts.isJsxExpression(init) &&
          init.expression
        ) {
          const check = (inner: ts.Node) => {
            if (ts.isObjectLiteralExpression(inner))
              for (const property of inner.properties) {
                const key = property.name?.getText();
                if (key && TIMELINE_ITEM_KEYS[key])
                  found.push(`${where(property)} Timeline item ${key} → ${TIMELINE_ITEM_KEYS[key]}`);
              }
            else ts.forEachChild(inner, check);
          };
          check(init.expression);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('antd API', () => {
  it('web/src uses no deprecated antd prop', () => {
    const found = sources(src).flatMap(findDeprecated);
    expect(found).toEqual([]);
    // Parsing every source file takes a few seconds, longer on a busy machine.
  }, 120_000);
});

import type { Locator, Page } from 'playwright-core';
import { OK, pickOption, settled } from '../support/browser';
import { pickerDialog, pickInTree } from './4x-support';

/**
 * Opens an organisation picker field (by its test id) inside `scope`, picks `name` (on the
 * picker's `tab` when it has tabs, e.g. the role picker's 全局) and confirms.
 */
export async function pick(
  page: Page,
  scope: Locator,
  testId: string,
  name: string,
  tab?: string,
): Promise<void> {
  await scope.getByTestId(testId).click();
  const dialog = pickerDialog(page);
  await dialog.waitFor();
  if (tab) await dialog.getByRole('tab', { name: tab }).click();
  await pickInTree(dialog, name, name);
  await dialog.getByRole('button', { name: OK }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Picks an option of the antd select in the form item labelled `label` and waits until it shows. */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  // Error messages collapsing after earlier input move the fields: wait until nothing moves.
  await settled(page);
  const select = scope.locator('.ant-form-item').filter({ hasText: label }).locator('.ant-select').first();
  await pickOption(page, select, option);
}

import { afterAll, describe, it } from 'vitest';
import { VIEWPORTS, closeBrowser } from '../../fixtures/browser';
import { apiCall } from '../../fixtures/api';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

const MEALS = '00000000-0000-4000-8000-000000000022';

describe.each(VIEWPORTS)('project dashboard at $width px', (viewport) => {
  it('an owner with a task due today and a budget sees them, reached from the finance dashboard', async () => {
    const owner = await paidOwner(`project-${viewport.name}`, 'Marta Ibáñez');
    const today = new Date().toISOString().slice(0, 10);
    // Arranged through the API: a task due today at 23:30 (UTC), a budget for Meals and 25.00 spent in it.
    const task = await apiCall<{ id: string }>('POST', 'apps/tasks/task', { type: 'task' }, owner.token);
    await apiCall('PATCH', 'apps/tasks/task', { id: task.id, task: { title: 'Call the accountant', dueDate: `${today}T23:30:00.000Z` } }, owner.token);
    await apiCall('PUT', 'budgets', { categoryId: MEALS, amount: 10000 }, owner.token);
    await apiCall('POST', 'entries', { type: 'expense', date: today, amount: 2500, categoryId: MEALS, paymentMethod: 'card' }, owner.token);
    const { context, page } = await ownerPage(viewport, owner);

    await page.goto('/dashboards/finance');
    await page.getByRole('link', { name: 'Project', exact: true }).click();
    await page.waitForURL('**/dashboards/project');
    await page.getByRole('heading', { level: 1, name: 'Project' }).waitFor();

    // Home: the week's counts and today's schedule.
    await page.getByRole('heading', { level: 2, name: 'Tasks opened and completed' }).waitFor();
    const made = page.locator('dt', { hasText: /^Made$/ }).locator('xpath=following-sibling::dd[1]');
    await made.getByText('1', { exact: true }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Call the accountant' }).getByText('23:30').waitFor();

    // Budget: the month's spending against the budget, in the details table.
    await page.getByRole('tab', { name: 'Budget' }).click();
    const table = page.getByRole('table', { name: 'Budget details this month' });
    const row = table.getByRole('row').filter({ hasText: 'Meals' });
    await row.getByText('$100.00').waitFor();
    await row.getByText('$25.00').waitFor();
    await row.getByText('$75.00').waitFor();

    // Team: the owner alone, with the way to the chat.
    await page.getByRole('tab', { name: 'Team' }).click();
    await page.getByRole('heading', { level: 2, name: 'Marta Ibáñez' }).waitFor();
    await page.getByRole('link', { name: 'Open the chat' }).waitFor();
    await context.close();
  });
});

/**
 * Every line of the 3.4.7 client's endpoint list (a copy of shared/spec/endpoints.txt in
 * test/fixtures, so a clone without ../shared runs it) answers with something other than 404,
 * apart from the lines of other open issues (issue #20, must show 3).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { suiteServer } from './harness.js';

/** Lines that belong to other open issues, with the issue each waits on. */
const ELSEWHERE: [RegExp, string][] = [[/\/OnlineDev\/App\/Preview/, '#26 mobile: app preview']];

/**
 * Lines whose parameter names an action or a module, or that are the start of an address the
 * client completes: the addresses it really asks (read from its source).
 */
const CONCRETE: Record<string, string[]> = {
  '/api/message/AccountConfig/{x}': [
    '/api/message/AccountConfig/testSendMail',
    '/api/message/AccountConfig/testDingTalkConnect',
    '/api/message/AccountConfig/testQyWebChatConnect',
  ],
  '/api/system/Module{x}/{x}/FieldList': [
    '/api/system/ModuleColumn/walk/FieldList',
    '/api/system/ModuleForm/walk/FieldList',
    '/api/system/ModuleDataAuthorize/walk/FieldList',
  ],
  // The generated list's import wizard: url = visualdev/OnlineDev/{modelId}.
  '/api/{x}/ImportPreview': ['/api/visualdev/OnlineDev/walk/ImportPreview'],
  '/api/{x}/TemplateDownload': ['/api/visualdev/OnlineDev/walk/TemplateDownload'],
  '/api/{x}/ImportData': ['/api/visualdev/OnlineDev/walk/ImportData'],
  '/api/{x}/ImportExceptionData': ['/api/visualdev/OnlineDev/walk/ImportExceptionData'],
  '/api/VisualDevelopment/Model/': ['/api/VisualDevelopment/Model/walk/Actions/Uploader'],
  '/api/datareport/Data/Action/Import': ['/ReportServer/api/datareport/Data/Action/Import'],
  '/api/file/Uploader': ['/api/file/Uploader/annex'],
  '/api/system/DataModel/': ['/api/system/DataModel/walk/Action/Import'],
};

/** What stands for a path parameter: {x} first is the report server, the 3.4.7 build's `/ReportServer`. */
const PARAMETERS: Record<string, string> = {
  timestamp: '0.5123',
  length: '4',
  type: 'userAvatar',
  name: 'walk.png',
  id: 'walk',
  x: 'walk',
};
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

interface Line {
  methods: readonly string[];
  path: string;
}

function readLines(): Line[] {
  const text = readFileSync(new URL('./fixtures/endpoints.txt', import.meta.url), 'utf8');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [first, second] = line.split(/\s+/) as [string, string | undefined];
      const method = (METHODS as readonly string[]).includes(first) ? first : undefined;
      // A line without a method is "method from context": any method may answer.
      return { methods: method ? [method] : METHODS, path: method ? second! : first };
    });
}

function concrete(path: string): string {
  // One line is relative (api/...): the hash-routed client resolves it from /.
  const absolute = path.startsWith('api/') ? `/${path}` : path;
  const withServer = absolute.startsWith('{x}/') ? `/ReportServer${absolute.slice(3)}` : absolute;
  return withServer.replace(/\{(\w+)\}/g, (_, key: string) => PARAMETERS[key] ?? 'walk');
}

describe('the 3.4.7 client endpoint list', () => {
  const suite = suiteServer();
  const lines = readLines();

  it('has the whole list', () => {
    expect(lines.length).toBeGreaterThan(600);
  });

  it('answers every line with something other than 404, but those of other open issues', async () => {
    const missing: string[] = [];
    let excluded = 0;
    for (const line of lines) {
      if (ELSEWHERE.some(([pattern]) => pattern.test(line.path))) {
        excluded += 1;
        continue;
      }
      // Each of a line's addresses must answer, by one of its methods.
      for (const path of CONCRETE[line.path] ?? [concrete(line.path)]) {
        let answered = false;
        for (const method of line.methods) {
          const answer = await suite.server.request(method, path, {
            token: suite.admin,
            json: method === 'GET' || method === 'DELETE' ? undefined : {},
          });
          if (answer.status !== 404 && answer.code !== 404) {
            answered = true;
            break;
          }
        }
        if (!answered) missing.push(`${line.methods.join('|')} ${path}`);
      }
    }
    expect(excluded).toBe(1);
    expect(missing).toEqual([]);
  }, 300_000);
});

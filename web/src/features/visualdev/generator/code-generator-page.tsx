import { VisualDevType } from '@console/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionScope } from '../../../widgets/list/permission';
import type { VisualDev } from '../webDesign/api';
import { DesignList } from '../webDesign/web-design-page';
import { CodeDialog, type CodeMode } from './code-dialog';

/** One code generator page: the forms of one type, designed with the web designer, turned into code. */
function CodeGeneratorPage({ address, type, testId }: { address: string; type: number; testId: string }) {
  const { t } = useTranslation('codeGenerator');
  const [coding, setCoding] = useState<{ design: VisualDev; mode: CodeMode } | null>(null);
  return (
    <PermissionScope address={address}>
      <DesignList
        type={type}
        testId={testId}
        releasable={false}
        extraActions={[
          {
            code: 'btn_preview',
            label: t('preview'),
            onClick: (design) => setCoding({ design, mode: 'preview' }),
          },
          {
            code: 'btn_download',
            label: t('download'),
            onClick: (design) => setCoding({ design, mode: 'download' }),
          },
        ]}
      >
        <CodeDialog
          design={coding?.design ?? null}
          mode={coding?.mode ?? 'preview'}
          onClose={() => setCoding(null)}
        />
      </DesignList>
    </PermissionScope>
  );
}

/** 代码生成 › 功能表单 (generator/webForm): designs of type 4. */
export function WebFormGeneratorPage() {
  return (
    <CodeGeneratorPage
      address="generator/webForm"
      type={VisualDevType.CodeGenWeb}
      testId="generator-web-form"
    />
  );
}

/** 代码生成 › 流程表单 (generator/flowForm): designs of type 3. */
export function FlowFormGeneratorPage() {
  return (
    <CodeGeneratorPage
      address="generator/flowForm"
      type={VisualDevType.FlowForm}
      testId="generator-flow-form"
    />
  );
}

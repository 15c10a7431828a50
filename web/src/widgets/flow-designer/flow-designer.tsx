import { UndoOutlined } from '@ant-design/icons';
import { App, Button, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FlowCanvas } from './flow-canvas';
import { NodePanel } from './node-panel';
import {
  type AddKind,
  addAfter,
  addBranch,
  type DesignNode,
  findNode,
  removeNode,
  TreeEditError,
  type TreeProblem,
  updateNode,
} from './tree';
import './flow-designer.css';

const HISTORY = 50;

/**
 * The flow designer: the canvas of the tree, the property drawer of the clicked node, undo.
 * `problems` (from validateTree on save) mark the nodes that are not ready.
 */
export default function FlowDesigner({
  tree,
  onChange,
  problems,
}: {
  tree: DesignNode;
  onChange(tree: DesignNode): void;
  problems: TreeProblem[];
}) {
  const { t } = useTranslation('flowEngine');
  const { message } = App.useApp();
  const [modal, modalHolder] = Modal.useModal();
  const [past, setPast] = useState<DesignNode[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const change = (make: () => DesignNode) => {
    try {
      const next = make();
      setPast((old) => [...old.slice(-HISTORY + 1), tree]);
      onChange(next);
    } catch (error) {
      if (error instanceof TreeEditError) void message.warning(t(`designer.errors.${error.key}`));
      else throw error;
    }
  };
  const undo = () => {
    const previous = past.at(-1);
    if (!previous) return;
    setPast(past.slice(0, -1));
    onChange(previous);
  };
  const remove = (node: DesignNode) =>
    modal.confirm({
      title: t('designer.confirmRemove', {
        title: node.properties.title || t(`kinds.${node.conditionType ?? node.type}`),
      }),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: () => {
        if (selectedId === node.nodeId) setSelectedId(null);
        change(() => removeNode(tree, node.nodeId));
      },
    });

  const selected = selectedId ? (findNode(tree, selectedId) ?? null) : null;
  return (
    <div className="flow-designer">
      <div className="flow-designer__toolbar">
        <Space>
          <Button icon={<UndoOutlined />} disabled={past.length === 0} onClick={undo}>
            {t('designer.undo')}
          </Button>
        </Space>
        {problems.length > 0 && (
          <ul className="flow-designer__problems" aria-live="polite">
            {problems.map((problem) => (
              <li key={`${problem.nodeId}-${problem.key}`}>
                <Button type="link" danger size="small" onClick={() => setSelectedId(problem.nodeId)}>
                  {String(findNode(tree, problem.nodeId)?.properties.title ?? '')}:{' '}
                  {t(`designer.problems.${problem.key}`)}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <FlowCanvas
        tree={tree}
        selectedId={selectedId}
        problemIds={new Set(problems.map((p) => p.nodeId))}
        select={setSelectedId}
        add={(afterId: string, kind: AddKind) => change(() => addAfter(tree, afterId, kind).tree)}
        addBranch={(splitId) => change(() => addBranch(tree, splitId))}
        remove={remove}
      />
      <NodePanel
        node={selected}
        tree={tree}
        onClose={() => setSelectedId(null)}
        onApply={(nodeId, properties) => {
          change(() => updateNode(tree, nodeId, properties));
          setSelectedId(null);
        }}
      />
      {modalHolder}
    </div>
  );
}

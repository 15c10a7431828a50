import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Background,
  BaseEdge,
  Controls,
  type Edge,
  EdgeLabelRenderer,
  type EdgeProps,
  getSmoothStepPath,
  Handle,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
  useReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Button, Dropdown } from 'antd';
import { createContext, useContext, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Box, layoutTree } from './layout';
import { nodeSummary } from './summary';
import type { AddKind, DesignNode } from './tree';

/** What the canvas asks of the designer (kept out of the node data so the data stays plain). */
interface CanvasActions {
  select(nodeId: string): void;
  add(afterId: string, kind: AddKind): void;
  addBranch(splitId: string): void;
  remove(node: DesignNode): void;
  selectedId: string | null;
  problemIds: ReadonlySet<string>;
}
const Actions = createContext<CanvasActions | null>(null);
const useActions = () => useContext(Actions) as CanvasActions;

type BoxNode = Node<{ box: Box }>;
type AddEdge = Edge<{ insertAfter?: string }>;

const ADD_KINDS: AddKind[] = ['approver', 'subFlow', 'timer', 'condition', 'interflow', 'branchFlow'];

const hidden = { opacity: 0, pointerEvents: 'none' } as const;
function Handles() {
  return (
    <>
      <Handle type="target" position={Position.Top} style={hidden} isConnectable={false} />
      <Handle type="source" position={Position.Bottom} style={hidden} isConnectable={false} />
    </>
  );
}

function CardNode({ data }: NodeProps<BoxNode>) {
  const { t } = useTranslation('flowEngine');
  const actions = useActions();
  const node = data.box.node as DesignNode;
  const kind = node.isInterflow ? 'interflow' : node.isBranchFlow ? 'branchFlow' : node.type;
  const title = String(node.properties.title ?? '');
  const invalid = actions.problemIds.has(node.nodeId);
  const classes = ['flow-card', `flow-card--${node.type}`];
  if (invalid) classes.push('flow-card--invalid');
  if (actions.selectedId === node.nodeId) classes.push('flow-card--selected');
  return (
    <div className={classes.join(' ')} data-node-id={node.nodeId}>
      <Handles />
      {node.type !== 'start' && (
        <Button
          size="small"
          type="text"
          className="flow-card__remove"
          icon={<CloseOutlined />}
          aria-label={t('designer.removeNode', { title })}
          onClick={() => actions.remove(node)}
        />
      )}
      <button
        type="button"
        className="flow-card__open"
        aria-label={t('designer.openNode', { title })}
        aria-invalid={invalid || undefined}
        onClick={() => actions.select(node.nodeId)}
      >
        <span className="flow-card__head">
          <span className="flow-card__kind">{t(`kinds.${kind}`)}</span>
          <span className="flow-card__title">{title}</span>
        </span>
        <span className="flow-card__body">{nodeSummary(node, t)}</span>
      </button>
    </div>
  );
}

function GatewayNode({ data }: NodeProps<BoxNode>) {
  const { t } = useTranslation('flowEngine');
  const actions = useActions();
  const split = data.box.node as DesignNode;
  return (
    <div className="flow-gateway">
      <Handles />
      <span>{t(`kinds.${split.conditionType ?? 'condition'}`)}</span>
      <Button
        size="small"
        type="link"
        icon={<PlusOutlined />}
        onClick={() => actions.addBranch(split.nodeId)}
        aria-label={t('designer.addBranch')}
      >
        {t('designer.addBranch')}
      </Button>
      <Button
        size="small"
        type="text"
        icon={<CloseOutlined />}
        aria-label={t('designer.removeSplit')}
        onClick={() => actions.remove(split)}
      />
    </div>
  );
}

function JoinNode() {
  return (
    <div className="flow-join">
      <Handles />
    </div>
  );
}

function EndNode() {
  const { t } = useTranslation('flowEngine');
  return (
    <div className="flow-end">
      <Handles />
      {t('designer.end')}
    </div>
  );
}

function AddEdgeView({ id, sourceX, sourceY, targetX, targetY, data }: EdgeProps<AddEdge>) {
  const { t } = useTranslation('flowEngine');
  const actions = useActions();
  const [path] = getSmoothStepPath({
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition: Position.Bottom,
    targetPosition: Position.Top,
    borderRadius: 4,
  });
  const after = data?.insertAfter;
  // The + sits on a straight part: above the target, or, for a branch running into its join
  // (where every branch's edge ends at the same point), just below the branch's own last node.
  const intoJoin = Math.abs(sourceX - targetX) > 1;
  const labelX = intoJoin ? sourceX : targetX;
  const labelY = intoJoin ? sourceY + 14 : targetY - 24;
  return (
    <>
      <BaseEdge id={id} path={path} style={{ stroke: '#bfbfbf', strokeWidth: 1.5 }} />
      {after && (
        <EdgeLabelRenderer>
          <div
            className="flow-add nodrag nopan"
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          >
            <Dropdown
              trigger={['click']}
              menu={{
                items: ADD_KINDS.map((kind) => ({ key: kind, label: t(`addKinds.${kind}`) })),
                onClick: ({ key }) => actions.add(after, key as AddKind),
              }}
            >
              <Button
                shape="circle"
                size="small"
                type="primary"
                icon={<PlusOutlined />}
                aria-label={t('designer.addAfter')}
                data-after={after}
              />
            </Dropdown>
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

/** Fits the whole tree in view again whenever nodes come or go (fitView alone fits only once). */
function FitOnGrowth({ count }: { count: number }) {
  const { fitView } = useReactFlow();
  useEffect(() => {
    if (count > 0) void fitView({ maxZoom: 1 });
  }, [count, fitView]);
  return null;
}

const nodeTypes = { card: CardNode, gateway: GatewayNode, join: JoinNode, end: EndNode };
const edgeTypes = { add: AddEdgeView };

/** The tree drawn top-down; nodes are placed by the layout, never dragged. */
export function FlowCanvas({ tree, ...actions }: { tree: DesignNode } & CanvasActions) {
  const { nodes, edges } = useMemo(() => {
    const { boxes, links } = layoutTree(tree);
    const nodes: BoxNode[] = boxes.map((box) => ({
      id: box.id,
      type: box.kind,
      position: { x: box.x, y: box.y },
      data: { box },
      width: box.width,
      height: box.height,
      draggable: false,
      connectable: false,
      selectable: false,
      // Not selectable nor draggable, xyflow would let clicks through to the pane.
      style: { pointerEvents: 'all' as const },
    }));
    const edges: AddEdge[] = links.map((link) => ({
      id: link.id,
      source: link.source,
      target: link.target,
      type: 'add',
      data: link.insertAfter ? { insertAfter: link.insertAfter } : {},
    }));
    return { nodes, edges };
  }, [tree]);
  return (
    <Actions.Provider value={actions}>
      <div className="flow-canvas" data-testid="flow-canvas">
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          fitView
          fitViewOptions={{ maxZoom: 1 }}
          minZoom={0.2}
          maxZoom={1.5}
          proOptions={{ hideAttribution: true }}
        >
          <FitOnGrowth count={nodes.length} />
          <Background />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
    </Actions.Provider>
  );
}

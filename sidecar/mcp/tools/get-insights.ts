import { defineTool } from './tool-definition.ts';
import { getInsightsDescriptor } from '../../../core/mcp/tools/get-insights.ts';

/** getInsights: the descriptor is core/mcp/tools/get-insights.ts; this adds what it does. */
export const getInsightsTool = defineTool(getInsightsDescriptor, {
  run({ section }, { snapshot }) {
    const { aspects, entities, topics, faq, summary, ...meta } = snapshot.insights;
    if (!section) return { ...meta, section: 'all' as const, aspects, entities, topics, faq, summary };
    return { ...meta, section, [section]: snapshot.insights[section] };
  },
});

/** A Chart.js chart on a canvas, made when its config changes and destroyed with the component. */
import { useEffect, useRef } from 'react';
import { Chart, type ChartConfiguration, type ChartType } from 'chart.js';

export const ChartCanvas = <T extends ChartType>({ config, testId }: { config: ChartConfiguration<T>; testId: string }) => {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="balance-chart">
      <canvas ref={canvas} data-testid={testId} />
    </div>
  );
};

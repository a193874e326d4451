#pragma once
// "Why doesn't it fit?": the verdict, TFLM's own message, the smallest arena that works,
// and flash beside RAM.

#include "core/analysis/analysis.h"

#include <QLabel>

namespace arenascope {

class VerdictPanel : public QLabel {
    Q_OBJECT
public:
    explicit VerdictPanel(QWidget* parent = nullptr);
    void setAnalysis(const AnalysisPtr& analysis);
};

} // namespace arenascope

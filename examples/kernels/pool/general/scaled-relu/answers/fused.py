# A correct answer: one fused clamp-and-multiply (relu(x) * s == clamp(x, min=0) * s for s > 0).
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.clamp_min(x, 0.0).mul_(self.scale)

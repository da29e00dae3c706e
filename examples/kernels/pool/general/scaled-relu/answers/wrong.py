# A wrong answer: it forgets the ReLU for negative inputs (leaky by accident).
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.where(x > 0, x, 0.01 * x) * self.scale

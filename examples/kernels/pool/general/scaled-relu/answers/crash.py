# A crashing answer: the forward raises (a shape bug a kernel author might make).
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.view(-1, 3) * self.scale
